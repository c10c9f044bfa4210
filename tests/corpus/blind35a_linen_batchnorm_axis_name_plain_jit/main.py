from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from models import SmallCNN


class TrainState(train_state.TrainState):
    batch_stats: Any


model = SmallCNN()
variables = model.init(jax.random.PRNGKey(0), jnp.ones((1, 8, 8, 3)), train=False)
state = TrainState.create(
    apply_fn=model.apply, params=variables["params"], tx=optax.sgd(0.1, 0.9), batch_stats=variables["batch_stats"]
)

mesh = Mesh(np.array(jax.devices()), ("batch",))
data = NamedSharding(mesh, P("batch"))
repl = NamedSharding(mesh, P())


def train_step(state, images, labels):
    def loss_fn(params):
        logits, new_model_state = state.apply_fn(
            {"params": params, "batch_stats": state.batch_stats}, images, mutable=["batch_stats"]
        )
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
        return loss, new_model_state

    (loss, new_model_state), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    state = state.apply_gradients(grads=grads, batch_stats=new_model_state["batch_stats"])
    return state, loss


p_train_step = jax.jit(train_step, in_shardings=(repl, data, data), out_shardings=(repl, repl))
images = jnp.ones((16, 8, 8, 3))
labels = jnp.zeros((16,), jnp.int32)
p_train_step.trace(state, images, labels).lower(lowering_platforms=("cuda",))
print("ok")
