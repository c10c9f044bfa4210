import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("batch",))
# copied from the CNN script, where inputs were (batch, channels, height, width)
data_sharding = NamedSharding(mesh, P("batch", None, None, None))
replicated = NamedSharding(mesh, P())

optim = optax.adamw(1e-3)


def loss_fn(model, x, y):
    logits = jax.vmap(model)(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@eqx.filter_jit
def train_step(model, opt_state, x, y):
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x = eqx.filter_shard(x, data_sharding)
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    return eqx.filter_shard((model, opt_state), replicated), loss


def main():
    model = eqx.nn.MLP(784, 10, width_size=256, depth=2, key=jax.random.key(0))
    opt_state = optim.init(eqx.filter(model, eqx.is_array))
    x = jnp.zeros((128, 784))
    y = jnp.zeros((128,), jnp.int32)
    arrays, static = eqx.partition((model, opt_state), eqx.is_array)

    @jax.jit
    def step(arrays, x, y):
        (model, opt_state), loss = train_step(*eqx.combine(arrays, static), x, y)
        return eqx.filter((model, opt_state), eqx.is_array), loss

    step.trace(arrays, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
