def pytest_configure(config):
    config.addinivalue_line("markers", "ray: starts a small local Ray instance (about a minute at most)")
