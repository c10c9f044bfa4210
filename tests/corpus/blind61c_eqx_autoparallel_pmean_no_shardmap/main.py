"""Data-parallel training following Equinox's autoparallelism example: the batch is placed
with eqx.filter_shard on a NamedSharding, the model is replicated, and XLA inserts the
gradient all-reduce."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from models import Classifier

optim = optax.adamw(3e-4)


def compute_loss(model, x, y):
    logits = jax.vmap(model)(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@eqx.filter_jit(donate="all-except-first")
def train_step(model, opt_state, x, y, sharding, replicated):
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), sharding)

    loss, grads = eqx.filter_value_and_grad(compute_loss)(model, x, y)
    grads = jax.lax.pmean(grads, axis_name="data")
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)

    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    return model, opt_state, loss


def main():
    mesh = Mesh(jax.devices(), ("data",))
    sharding = NamedSharding(mesh, P("data"))
    replicated = NamedSharding(mesh, P())
    model = Classifier(32, 10, key=jax.random.key(0))
    params, static = eqx.partition(model, eqx.is_array)
    opt_state = optim.init(params)

    def step(params, opt_state, x, y):
        model, opt_state, loss = train_step(eqx.combine(params, static), opt_state, x, y, sharding, replicated)
        return eqx.filter(model, eqx.is_array), opt_state, loss

    x = jax.ShapeDtypeStruct((128, 32), jnp.float32, sharding=sharding)
    y = jax.ShapeDtypeStruct((128,), jnp.int32, sharding=sharding)
    jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
