from .layer import init_moe, moe_ffn
