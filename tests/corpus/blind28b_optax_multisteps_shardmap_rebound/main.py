"""Pure-JAX MLP with optax.MultiSteps gradient accumulation; the step is rebound
train_step = jax.jit(jax.shard_map(train_step, ...))."""
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("dp",))


def init_params(key, sizes=(8, 32, 2)):
    params = []
    for din, dout in zip(sizes[:-1], sizes[1:]):
        key, sub = jax.random.split(key)
        params.append({"w": jax.random.normal(sub, (din, dout)) * 0.1, "b": jnp.zeros((dout,))})
    return params


def forward(params, x):
    for layer in params[:-1]:
        x = jax.nn.relu(x @ layer["w"] + layer["b"])
    return x @ params[-1]["w"] + params[-1]["b"]


def loss_fn(params, x, y):
    return jnp.mean((forward(params, x) - y) ** 2)


optimizer = optax.MultiSteps(optax.adamw(1e-3), every_k_schedule=4)


def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    grads = jax.lax.pmean(grads, "dp")
    loss = jax.lax.pmean(loss, "dp")
    updates, opt_state = optimizer.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss


train_step = jax.jit(
    jax.shard_map(
        train_step,
        mesh=mesh,
        in_specs=(P(), P(), P("dp"), P("dp")),
        out_specs=(P(), P(), P()),
    )
)

params = init_params(jax.random.key(0))
opt_state = optimizer.init(params)
x = jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P("dp")))
y = jax.device_put(jnp.ones((16, 2)), NamedSharding(mesh, P("dp")))
print(train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
