from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from models import FeedForward


def param_specs(params):
    """Replicate everything, then shard the hidden dimension of both Linear layers."""
    specs = jax.tree.map(lambda _: P(), params)
    return eqx.tree_at(
        lambda s: (s.up.weight, s.up.bias, s.down.weight),
        specs,
        (P("model", None), P("model"), P(None, "model")),
    )


class TensorParallelFFN:
    def __init__(self, block, mesh):
        self.params, self.static = eqx.partition(block, eqx.is_array)
        self.specs = param_specs(self.params)
        self.mesh = mesh
        self.apply = jax.jit(
            jax.shard_map(self._local, mesh=mesh, in_specs=(self.specs, P("data", None)),
                          out_specs=P("data", None))
        )

    def _local(self, params, x):
        block = eqx.combine(params, self.static)
        out = jax.vmap(block.local_call)(x)
        return x + jax.lax.psum(out, "model")

    def shardings(self):
        return jax.tree.map(partial(NamedSharding, self.mesh), self.specs)


if __name__ == "__main__":
    mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
    ffn = TensorParallelFFN(FeedForward(256, 1024, key=jax.random.key(0)), mesh)
    params = jax.tree.map(lambda a, s: jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=s),
                          ffn.params, ffn.shardings())
    x = jax.ShapeDtypeStruct((16, 256), jnp.float32)
    ffn.apply.trace(params, x).lower(lowering_platforms=("tpu",))
