import equinox as eqx


class LMConfig(eqx.Module):
    vocab: int = 64
    dim: int = 32
    heads: int = 4
    layers: int = 3
    seq_len: int = 16
    mlp_ratio: int = 4
    data_axis: str = "data"
