import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import equinox as eqx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import SegNet, pixel_loss
from sharding import param_shardings

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
data_sharding = NamedSharding(mesh, P("data"))

model = SegNet(key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)
p_shardings = param_shardings(params, mesh)


def grad_step(params, images, masks):
    images, masks = eqx.filter_shard((images, masks), data_sharding)
    model = eqx.combine(params, static)
    loss, grads = eqx.filter_value_and_grad(pixel_loss)(model, images, masks)
    return loss, eqx.filter(grads, eqx.is_array)


grad_step = jax.jit(
    grad_step,
    in_shardings=(p_shardings, data_sharding, data_sharding),
    out_shardings=(NamedSharding(mesh, P()), p_shardings),
)

images = jax.ShapeDtypeStruct((8, 3, 64, 64), jnp.float32)
masks = jax.ShapeDtypeStruct((8, 64, 64), jnp.int32)
grad_step.trace(params, images, masks).lower(lowering_platforms=("tpu",))
