import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH = 6
mesh = jax.make_mesh((2, 2), ("data", "model"))


class MLP(nn.Module):
    hidden: int = 256

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.hidden, use_bias=False,
                     kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), ("model", None)))(x)
        x = nn.relu(x)
        return nn.Dense(1, use_bias=False,
                        kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), ("model", None)))(x)


model = MLP()
tx = optax.sgd(0.01)


def init_fn(key, x):
    params = model.init(key, x)["params"]
    return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)


x = jnp.ones((BATCH, 64))
abstract_state = jax.eval_shape(init_fn, jax.random.key(0), x)
state_specs = nn.get_partition_spec(abstract_state)
state_shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), state_specs,
                               is_leaf=lambda s: isinstance(s, P))
data_sharding = NamedSharding(mesh, P(("data", "model"), None))


@functools.partial(jax.jit, in_shardings=(state_shardings, data_sharding),
                   out_shardings=(state_shardings, NamedSharding(mesh, P())))
def train_step(state, batch):
    def loss_fn(params):
        y = state.apply_fn({"params": params}, batch)
        return jnp.mean(y ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    return state.apply_gradients(grads=grads), loss


state = jax.jit(init_fn, out_shardings=state_shardings)(jax.random.key(0), x)
batch = jax.device_put(x, data_sharding)
print(train_step.trace(state, batch).lower(lowering_platforms=("cuda",)).as_text()[:20])
