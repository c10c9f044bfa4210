import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from flax.training import train_state
from jax.sharding import PartitionSpec as P


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Conv(features=16, kernel_size=(3, 3))(x)
        x = nn.relu(x)
        x = nn.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
        x = x.reshape((x.shape[0], -1))
        x = nn.Dense(features=64)(x)
        x = nn.relu(x)
        return nn.Dense(features=10)(x)


def create_train_state(rng, lr):
    cnn = CNN()
    params = cnn.init(rng, jnp.ones([1, 28, 28, 1]))["params"]
    return train_state.TrainState.create(apply_fn=cnn.apply, params=params, tx=optax.sgd(lr, 0.9))


@jax.jit
def train_step(state, images, labels):
    def loss_fn(params):
        logits = state.apply_fn({"params": params}, images)
        one_hot = jax.nn.one_hot(labels, 10)
        return optax.softmax_cross_entropy(logits, one_hot).mean(), logits

    (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    state = state.apply_gradients(grads=grads)
    accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
    return state, {"loss": loss, "accuracy": accuracy}


mesh = jax.make_mesh((4,), ("batch",))
with jax.set_mesh(mesh):
    state = create_train_state(jax.random.key(0), 0.01)
    images = jax.device_put(jnp.zeros((32, 28, 28, 1)), P("batch"))
    labels = jax.device_put(jnp.zeros((32,), jnp.int32), P("batch"))
    lowered = train_step.trace(state, images, labels).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:20])
