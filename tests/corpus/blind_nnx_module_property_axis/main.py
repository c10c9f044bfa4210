"""An NNX layer whose reduction axis is a @property over its config; the layer is closed over
by a jax.shard_map'ed function."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
    data_axis: str = "data"
    model_axis: str = "model"


class SyncedNorm(nnx.Module):
    def __init__(self, d, cfg: ParallelConfig, rngs):
        self.scale = nnx.Param(jnp.ones((d,)))
        self.cfg = cfg

    @property
    def axis(self):
        return self.cfg.data_axis

    def __call__(self, x):
        mean = jax.lax.pmean(jnp.mean(x, axis=0), self.axis)
        var = jax.lax.pmean(jnp.mean((x - mean) ** 2, axis=0), self.axis)
        return (x - mean) / jnp.sqrt(var + 1e-5) * self.scale


mesh = Mesh(jax.devices(), ("data",))
norm = SyncedNorm(32, ParallelConfig(), nnx.Rngs(0))
f = jax.jit(jax.shard_map(lambda x: norm(x), mesh=mesh, in_specs=P("data"), out_specs=P("data")))
f.trace(jnp.ones((64, 32))).lower(lowering_platforms=("cuda",))
