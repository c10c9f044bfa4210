import dataclasses


@dataclasses.dataclass
class ModelConfig:
    vocab_size: int = 1024
    embed_dim: int = 128
    mlp_dim: int = 512
    num_layers: int = 2
    dropout_rate: float = 0.0


@dataclasses.dataclass
class ShardingConfig:
    mesh_shape: tuple = (2, 2)
    mesh_axes: tuple = ("data", "model")
    rules: tuple = (
        ("batch", "data"),
        ("vocab", "model"),
        ("mlp", "model"),
        ("embed", None),
        ("length", None),
    )
