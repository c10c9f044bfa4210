import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from parallel import copy_to_tp_region, reduce_from_tp_region

TP = "tp"


class TPMLP(nn.Module):
    d_ff_local: int
    axis_name: str = TP

    @nn.compact
    def __call__(self, x):
        x = copy_to_tp_region(x, self.axis_name)
        h = nn.gelu(nn.Dense(self.d_ff_local, use_bias=False, name="up")(x))
        y = nn.Dense(x.shape[-1], use_bias=False, name="down")(h)
        return reduce_from_tp_region(y, self.axis_name)


mesh = jax.make_mesh((4,), (TP,), axis_types=(AxisType.Explicit,))
model = TPMLP(d_ff_local=16)
x = jnp.ones((8, 32))
param_specs = {"params": {"up": {"kernel": P(None, TP)}, "down": {"kernel": P(TP, None)}}}


def local_loss(params, x):
    # params arrive as local shards; the module is built for the local width
    return jnp.mean(model.apply(params, x) ** 2)


@jax.jit
def grad_step(params, x):
    g = jax.shard_map(jax.grad(local_loss), mesh=mesh, in_specs=(param_specs, P()),
                      out_specs=param_specs, check_vma=False)(params, x)
    return g


full = {"params": {"up": {"kernel": jax.ShapeDtypeStruct((32, 64), jnp.float32)},
                   "down": {"kernel": jax.ShapeDtypeStruct((64, 32), jnp.float32)}}}
with jax.set_mesh(mesh):
    full = jax.tree.map(lambda s, sp: jax.ShapeDtypeStruct(s.shape, s.dtype, sharding=sp),
                        full, param_specs)
    lowered = grad_step.trace(full, x).lower(lowering_platforms=("cuda",))
print("lowered")
