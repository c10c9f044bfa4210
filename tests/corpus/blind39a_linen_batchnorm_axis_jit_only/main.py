import functools

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(16, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train, axis_name="batch")(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(10)(x)


class TrainState(train_state.TrainState):
    batch_stats: dict


@functools.partial(jax.jit, donate_argnums=0)
def train_step(state, images, labels):
    def loss_fn(params):
        logits, updates = state.apply_fn(
            {"params": params, "batch_stats": state.batch_stats}, images, train=True, mutable=["batch_stats"]
        )
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
        return loss, updates

    (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    state = state.apply_gradients(grads=grads, batch_stats=updates["batch_stats"])
    return state, loss


model = CNN()
images = jnp.ones((8, 28, 28, 1))
variables = model.init(jax.random.key(0), images, train=False)
state = TrainState.create(
    apply_fn=model.apply, params=variables["params"], batch_stats=variables["batch_stats"], tx=optax.adam(1e-3)
)
labels = jnp.zeros((8,), jnp.int32)
print(train_step.trace(state, images, labels).lower(lowering_platforms=("cuda",)).as_text()[:80])
