from .layer import MoE
