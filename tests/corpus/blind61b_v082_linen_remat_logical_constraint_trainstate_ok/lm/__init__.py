from .model import TinyLM
