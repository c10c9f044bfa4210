import jax
import jax.numpy as jnp
import jax.random as jr
from jax import lax
from jax.sharding import PartitionSpec as P, AxisType

import equinox as eqx
import optax

num_devices = len(jax.devices())
mesh = jax.make_mesh((num_devices,), ("batch",), axis_types=(AxisType.Auto,))

model = eqx.nn.MLP(in_size=16, out_size=1, width_size=64, depth=2, key=jr.key(42))
params, static = eqx.partition(model, eqx.is_array)

optim = optax.adamw(3e-4)
opt_state = optim.init(params)


def loss_fn(params, x, y):
    model = eqx.combine(params, static)
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)


def grad_step(params, x, y):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(params, x, y)
    # average over the data-parallel replicas
    return lax.pmean(loss, "batch"), lax.pmean(grads, "batch")


def apply_updates(params, grads, opt_state):
    updates, opt_state = optim.update(grads, opt_state, params)
    return eqx.apply_updates(params, updates), opt_state


sharded_grads = jax.shard_map(
    grad_step, mesh=mesh, in_specs=(P(), P("batch"), P("batch")), out_specs=P()
)


@jax.jit
def train_step(params, opt_state, x, y):
    loss, grads = sharded_grads(params, x, y)
    params, opt_state = apply_updates(params, grads, opt_state)
    return params, opt_state, loss


x = jnp.zeros((64, 16), jnp.float32)
y = jnp.zeros((64, 1), jnp.float32)

if __name__ == "__main__":
    lowered = train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:40])
