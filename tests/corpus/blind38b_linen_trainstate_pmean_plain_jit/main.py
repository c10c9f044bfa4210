import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Conv(features=8, kernel_size=(3, 3))(x)
        x = nn.relu(x)
        x = x.reshape((x.shape[0], -1))
        x = nn.Dense(features=32)(x)
        x = nn.relu(x)
        return nn.Dense(features=10)(x)


def train_step(state, images, labels):
    def loss_fn(params):
        logits = state.apply_fn({"params": params}, images)
        one_hot = jax.nn.one_hot(labels, 10)
        return optax.softmax_cross_entropy(logits, one_hot).mean(), logits

    (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    grads = jax.lax.pmean(grads, axis_name="batch")
    loss = jax.lax.pmean(loss, axis_name="batch")
    state = state.apply_gradients(grads=grads)
    return state, loss


def main():
    mesh = jax.make_mesh((4,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
    model = CNN()
    params = model.init(jax.random.key(0), jnp.ones((1, 28, 28, 1)))["params"]
    state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.sgd(0.1, 0.9))
    images = jnp.zeros((16, 28, 28, 1))
    labels = jnp.zeros((16,), jnp.int32)
    data = NamedSharding(mesh, P("batch"))
    repl = NamedSharding(mesh, P())
    step = jax.jit(train_step, in_shardings=(repl, data, data), out_shardings=(repl, repl))
    lowered = step.trace(state, images, labels).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:60])


if __name__ == "__main__":
    main()
