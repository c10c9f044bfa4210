import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import equinox as eqx
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import ParallelMLP, param_specs

devices = np.array(jax.devices()).reshape(2, 2)
mesh = Mesh(devices, axis_names=("dp", "tp"))

model = ParallelMLP(64, 256, tp_axis="tp", key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)
specs = param_specs(params)
params = jax.device_put(params, jax.tree.map(lambda s: NamedSharding(mesh, s), specs))


def loss_and_grads(params, x, y):
    model = eqx.combine(params, static)

    def loss_fn(model):
        pred = jax.vmap(model)(x)
        return jnp.mean((pred - y) ** 2)

    loss, grads = eqx.filter_value_and_grad(loss_fn)(model)
    grads = eqx.filter(grads, eqx.is_array)
    return jax.lax.pmean(loss, "dp"), jax.lax.pmean(grads, "dp")


step = jax.jit(
    shard_map(
        loss_and_grads,
        mesh=mesh,
        in_specs=(specs, P("dp"), P("dp")),
        out_specs=(P(), specs),
    )
)

x = jax.ShapeDtypeStruct((16, 64), jnp.float32, sharding=NamedSharding(mesh, P("dp")))
y = jax.ShapeDtypeStruct((16, 64), jnp.float32, sharding=NamedSharding(mesh, P("dp")))
step.trace(params, x, y).lower(lowering_platforms=("tpu",))
