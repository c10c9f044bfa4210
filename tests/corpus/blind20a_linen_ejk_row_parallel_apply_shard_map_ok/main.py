"""Flax Linen row-parallel dense on the Pallas reduce-scatter matmul, applied inside shard_map."""
import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from rs_kernel import reduce_scatter_matmul

TP = 4


class RowParallelDense(nn.Module):
    features: int
    tp_size: int = TP
    axis_name: str = "tp"

    @nn.compact
    def __call__(self, x):
        w = self.param("kernel", nn.initializers.lecun_normal(), (self.features, x.shape[-1]))
        if self.is_initializing():
            return x @ w.T
        return reduce_scatter_matmul(x, w, self.axis_name, self.tp_size)


mesh = Mesh(np.array(jax.devices()[:TP]), ("tp",))
model = RowParallelDense(features=128)
x = jnp.ones((256, TP * 128), jnp.float32)
variables = model.init(jax.random.key(0), x)
var_specs = jax.tree.map(lambda _: P(None, "tp"), variables)


def forward(variables, x):
    return model.apply(variables, x)


sharded_forward = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(var_specs, P(None, "tp")),
                                        out_specs=P("tp", None), check_vma=False))
sharded_forward.trace(variables, x).lower(lowering_platforms=("tpu",))
