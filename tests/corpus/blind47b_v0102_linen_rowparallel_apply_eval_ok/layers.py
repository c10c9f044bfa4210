import flax.linen as nn
import jax
from jax.sharding import PartitionSpec as P


class ColumnParallelDense(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        return nn.Dense(
            self.features,
            use_bias=False,
        )(x)


class RowParallelDense(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(
            self.features,
            use_bias=False,
        )(x)
        return jax.lax.psum(y, "model")


class TPMLP(nn.Module):
    hidden: int
    out: int

    @nn.compact
    def __call__(self, x):
        # x arrives with its feature dim split over 'model'
        h = nn.gelu(RowParallelDense(self.hidden)(x))
        return nn.Dense(self.out)(h)


# per-shard layout of TPMLP's params on a ('data', 'model') mesh
PARAM_SPECS = {
    "params": {
        "RowParallelDense_0": {"Dense_0": {"kernel": P("model", None)}},
        "Dense_0": {"kernel": P(), "bias": P()},
    }
}
