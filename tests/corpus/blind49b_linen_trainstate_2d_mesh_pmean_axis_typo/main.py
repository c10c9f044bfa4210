import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import linen as nn
from flax.training import train_state
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("dp", "tp"))


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Conv(features=32, kernel_size=(3, 3))(x)
        x = nn.relu(x)
        x = nn.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
        x = nn.Conv(features=64, kernel_size=(3, 3))(x)
        x = nn.relu(x)
        x = nn.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
        x = x.reshape((x.shape[0], -1))
        x = nn.Dense(features=256)(x)
        x = nn.relu(x)
        x = nn.Dense(features=10)(x)
        return x


def create_train_state(rng, learning_rate, momentum):
    cnn = CNN()
    params = cnn.init(rng, jnp.ones([1, 28, 28, 1]))["params"]
    tx = optax.sgd(learning_rate, momentum)
    return train_state.TrainState.create(apply_fn=cnn.apply, params=params, tx=tx)


state = create_train_state(jax.random.PRNGKey(0), 0.01, 0.9)


@functools.partial(
    jax.shard_map, mesh=mesh, in_specs=(P(), P("dp"), P("dp")), out_specs=(P(), P())
)
def train_step(state, images, labels):
    def loss_fn(params):
        logits = state.apply_fn({"params": params}, images)
        one_hot = jax.nn.one_hot(labels, 10)
        return optax.softmax_cross_entropy(logits=logits, labels=one_hot).mean()

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    grads = lax.pmean(grads, axis_name="data")
    loss = lax.pmean(loss, axis_name="data")
    return state.apply_gradients(grads=grads), loss


images = jnp.zeros((16, 28, 28, 1), jnp.float32)
labels = jnp.zeros((16,), jnp.int32)

if __name__ == "__main__":
    print(jax.jit(train_step).trace(state, images, labels).lower(lowering_platforms=("cuda",)).as_text()[:40])
