import functools

import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P, AxisType
import flax.linen as nn
from flax.training import train_state


class ResNetTiny(nn.Module):
    num_classes: int = 10
    axis_name: str = "batch"

    @nn.compact
    def __call__(self, x, train: bool = True):
        norm = functools.partial(nn.BatchNorm, use_running_average=not train,
                                 momentum=0.9, epsilon=1e-5, axis_name=self.axis_name)
        x = nn.Conv(16, (3, 3))(x)
        x = nn.relu(norm()(x))
        x = nn.Conv(16, (3, 3), strides=(2, 2))(x)
        x = nn.relu(norm()(x))
        x = jnp.mean(x, axis=(1, 2))
        return nn.Dense(self.num_classes)(x)


class TrainState(train_state.TrainState):
    batch_stats: dict


def train_step(state, batch):
    def loss_fn(params):
        logits, new_model_state = state.apply_fn(
            {"params": params, "batch_stats": state.batch_stats},
            batch["image"], mutable=["batch_stats"])
        one_hot = jax.nn.one_hot(batch["label"], 10)
        loss = optax.softmax_cross_entropy(logits, one_hot).mean()
        return loss, new_model_state

    (loss, new_model_state), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    grads = jax.lax.pmean(grads, axis_name="data")
    new_state = state.apply_gradients(grads=grads, batch_stats=new_model_state["batch_stats"])
    return new_state, jax.lax.pmean(loss, "data")


model = ResNetTiny()
variables = model.init(jax.random.key(0), jnp.ones((1, 16, 16, 3)), train=False)
state = TrainState.create(apply_fn=model.apply, params=variables["params"],
                          tx=optax.sgd(0.1, 0.9), batch_stats=variables["batch_stats"])
mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
batch = {"image": jnp.ones((16, 16, 16, 3)), "label": jnp.zeros((16,), jnp.int32)}
sharded_step = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P("data")),
                                     out_specs=(P(), P())))
lowered = sharded_step.trace(state, batch).lower(lowering_platforms=("cuda",))
print("ok")
