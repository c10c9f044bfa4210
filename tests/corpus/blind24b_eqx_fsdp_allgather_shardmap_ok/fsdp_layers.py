"""ZeRO-3 / FSDP linear layer: each device stores a row block of the weight and gathers the
full matrix just before using it. Only meaningful inside a shard_map over the 'fsdp' axis."""
import equinox as eqx
import jax
import jax.random as jr
from jax import lax as L

FSDP = "fsdp"


class FSDPLinear(eqx.Module):
    weight: jax.Array
    bias: jax.Array

    def __init__(self, d_in, d_out, *, key):
        self.weight = jr.normal(key, (d_in, d_out)) / d_in ** 0.5
        self.bias = jax.numpy.zeros((d_out,))

    def __call__(self, x):
        w = L.all_gather(self.weight, FSDP, axis=0, tiled=True)
        return x @ w + self.bias


class FSDPMLP(eqx.Module):
    l1: FSDPLinear
    l2: FSDPLinear

    def __init__(self, d, hidden, *, key):
        k1, k2 = jr.split(key)
        self.l1 = FSDPLinear(d, hidden, key=k1)
        self.l2 = FSDPLinear(hidden, d, key=k2)

    def __call__(self, x):
        return self.l2(jax.nn.gelu(self.l1(x)))


def param_specs(model):
    P = jax.sharding.PartitionSpec
    return jax.tree_util.tree_map(lambda a: P(FSDP) if a.ndim == 2 else P(), model)
