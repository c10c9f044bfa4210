import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

import fsdp
import settings


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(64)(x))
        return nn.Dense(8)(x)


model = MLP()
x = jnp.ones((16, 32))
params = jax.eval_shape(model.init, jax.random.PRNGKey(0), x)
specs = jax.tree.map(fsdp.param_spec, params)
mesh = jax.make_mesh(settings.MESH_SHAPE, (settings.DATA_AXIS, settings.FSDP_AXIS),
                     axis_types=(AxisType.Auto,) * 2)
batch = P((settings.DATA_AXIS, settings.FSDP_AXIS))


@fsdp.fsdp
def loss_fn(params, x):
    return jnp.mean(model.apply(params, x) ** 2)


def step(params, x):
    loss, grads = jax.value_and_grad(loss_fn)(params, x)
    # all_gather's transpose already reduce-scattered the grads over FSDP_AXIS
    loss = jax.lax.pmean(loss, (settings.DATA_AXIS, settings.FSDP_AXIS))
    return loss, jax.lax.pmean(grads, settings.DATA_AXIS)


step = jax.shard_map(step, mesh=mesh, in_specs=(specs, batch), out_specs=(P(), specs),
                     check_vma=False)
lowered = jax.jit(step).trace(params, x).lower(lowering_platforms=("cuda",))
print("lowered")
