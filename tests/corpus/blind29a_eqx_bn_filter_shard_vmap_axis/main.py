"""Equinox data parallelism by sharding (eqx.filter_shard under eqx.filter_jit, no shard_map):
the BatchNorm axis 'batch' is bound by the jax.vmap over examples, so statistics are global."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax


class Model(eqx.Module):
    conv: eqx.nn.Conv2d
    norm: eqx.nn.BatchNorm
    linear: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jr.split(key)
        self.conv = eqx.nn.Conv2d(1, 4, kernel_size=3, padding="SAME", key=k1)
        self.norm = eqx.nn.BatchNorm(input_size=4, axis_name="batch", mode="batch")
        self.linear = eqx.nn.Linear(4, 10, key=k2)

    def __call__(self, x, state):
        x = self.conv(x)
        x, state = self.norm(x, state)
        x = jax.nn.gelu(x).mean(axis=(1, 2))
        return self.linear(x), state


def compute_loss(model, state, x, y):
    batch_model = jax.vmap(model, axis_name="batch", in_axes=(0, None), out_axes=(0, None))
    logits, state = batch_model(x, state)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), state


@eqx.filter_jit(donate="all-except-first")
def train_step(model, state, opt_state, x, y, sharding):
    replicated = jax.sharding.NamedSharding(sharding.mesh, jax.sharding.PartitionSpec())
    model, state, opt_state = eqx.filter_shard((model, state, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), sharding)
    grads, state = eqx.filter_grad(compute_loss, has_aux=True)(model, state, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    model, state, opt_state = eqx.filter_shard((model, state, opt_state), replicated)
    return model, state, opt_state


mesh = jax.make_mesh((4,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
sharding = jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec("batch"))
model, state = eqx.nn.make_with_state(Model)(jr.PRNGKey(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_array))
x = jnp.ones((32, 1, 28, 28))
y = jnp.zeros((32,), jnp.int32)


def run(x, y):
    _, new_state, new_opt_state = train_step(model, state, opt_state, x, y, sharding)
    return new_state, new_opt_state


exported = jax.export.export(jax.jit(run), platforms=("cuda",))(x, y)
print("exported", exported.platforms)
