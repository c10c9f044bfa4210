"""Equinox 'Parallelism' example: replicate the model, shard the batch, filter_shard inside
the jitted step; the step is lowered over the model's arrays for a GPU target."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.sharding as jshard
import optax


class Model(eqx.Module):
    layers: list

    def __init__(self, key):
        k1, k2 = jr.split(key)
        self.layers = [eqx.nn.Linear(8, 32, key=k1), jax.nn.relu, eqx.nn.Linear(32, 1, key=k2)]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


optim = optax.adam(1e-3)


def train_step(model, opt_state, x, y, batch_sharding, replicated):
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), batch_sharding)
    grads = eqx.filter_grad(compute_loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    return model, opt_state


num_devices = len(jax.devices())
mesh = jax.make_mesh((num_devices,), ("batch",), axis_types=(jshard.AxisType.Auto,))
batch_sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))
replicated = jshard.NamedSharding(mesh, jshard.PartitionSpec())

model = Model(jr.PRNGKey(0))
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
model, opt_state = eqx.filter_shard((model, opt_state), replicated)
x, y = jnp.ones((64, 8)), jnp.ones((64, 1))
x, y = eqx.filter_shard((x, y), batch_sharding)

params, static = eqx.partition(model, eqx.is_array)


def step(params, opt_state, x, y):
    model = eqx.combine(params, static)
    model, opt_state = train_step(model, opt_state, x, y, batch_sharding, replicated)
    return eqx.filter(model, eqx.is_array), opt_state


lowered = jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("ok")
