from .encoders import DualEncoder
