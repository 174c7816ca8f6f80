"""The five games; each subpackage registers itself when imported."""
