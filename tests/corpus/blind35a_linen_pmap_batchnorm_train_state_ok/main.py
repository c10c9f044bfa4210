import functools
from typing import Any

import flax
import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax import lax


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x, train=True):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9, axis_name="batch")(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(10)(x)


class TrainState(train_state.TrainState):
    batch_stats: Any


def train_step(state, batch):
    def loss_fn(params):
        logits, new_model_state = state.apply_fn(
            {"params": params, "batch_stats": state.batch_stats}, batch["image"], mutable=["batch_stats"]
        )
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch["label"]).mean()
        return loss, new_model_state

    grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
    (loss, new_model_state), grads = grad_fn(state.params)
    grads = lax.pmean(grads, axis_name="batch")
    metrics = {"loss": lax.pmean(loss, axis_name="batch")}
    new_state = state.apply_gradients(grads=grads, batch_stats=new_model_state["batch_stats"])
    return new_state, metrics


model = CNN()
variables = model.init(jax.random.PRNGKey(0), jnp.ones((1, 8, 8, 3)), train=False)
state = TrainState.create(
    apply_fn=model.apply, params=variables["params"], tx=optax.sgd(0.1), batch_stats=variables["batch_stats"]
)
state = flax.jax_utils.replicate(state)
p_train_step = jax.pmap(train_step, axis_name="batch")

n = jax.local_device_count()
batch = {"image": jnp.ones((n, 4, 8, 8, 3)), "label": jnp.zeros((n, 4), jnp.int32)}
jax.jit(p_train_step).trace(state, batch).lower(lowering_platforms=("cuda",))
print("ok")
