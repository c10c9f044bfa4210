from .lm import TinyLM
