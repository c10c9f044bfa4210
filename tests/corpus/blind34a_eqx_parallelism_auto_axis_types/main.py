import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.sharding as jshard
import optax

num_devices = len(jax.devices())
mesh = jax.make_mesh((num_devices,), ("batch",), axis_types=(jshard.AxisType.Auto,))
sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))
replicated = jshard.NamedSharding(mesh, jshard.PartitionSpec())


def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


@eqx.filter_jit(donate="all")
def train_step(model, opt_state, x, y, sharding):
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), sharding)

    grads = eqx.filter_grad(compute_loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)

    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    return model, opt_state


model = eqx.nn.MLP(in_size=8, out_size=1, width_size=32, depth=2, key=jr.key(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))

x = jnp.ones((64, 8))
y = jnp.ones((64, 1))
x, y = jax.device_put((x, y), sharding)

params, static = eqx.partition(model, eqx.is_array)
params, opt_state = jax.device_put((params, opt_state), replicated)
step = jax.jit(lambda p, o, x, y: eqx.filter(train_step(eqx.combine(p, static), o, x, y, sharding), eqx.is_array))
lowered = step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print(type(lowered).__name__)
