"""Russian (Русский): chosen by the Discord locale ``ru``."""
