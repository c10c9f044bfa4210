import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from kernels import right_permute

mesh = Mesh(np.array(jax.devices()), ("x",))


class HaloMixer(nnx.Module):
    """Mixes each shard's features with its left neighbour's, the exchange done by a TPU DMA."""

    def __init__(self, d, rngs):
        self.proj = nnx.Linear(d, d, rngs=rngs)
        self.exchange = jax.shard_map(
            lambda h: right_permute(h, axis="x", n=4),
            mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False)

    def __call__(self, x):
        h = self.proj(x)
        return h + self.exchange(h)


model = HaloMixer(128, nnx.Rngs(0))
forward = nnx.jit(lambda m, x: m(x))
x = jnp.ones((32, 128))
print(forward.trace(model, x).lower(lowering_platforms=("tpu",)).lowered.as_text()[:20])
