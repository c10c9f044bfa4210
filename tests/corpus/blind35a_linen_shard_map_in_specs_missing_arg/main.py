import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec as P


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(32)(x)
        x = nn.Dropout(0.1, deterministic=not train)(x)
        return nn.Dense(1)(nn.relu(x))


mesh = Mesh(np.array(jax.devices()), ("batch",))
net = Net()
params = net.init(jax.random.PRNGKey(0), jnp.ones((1, 4)), train=False)["params"]
state = train_state.TrainState.create(apply_fn=net.apply, params=params, tx=optax.adam(1e-3))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("batch")), out_specs=P())
def grad_step(state, batch, rng):
    x, y = batch

    def loss_fn(p):
        pred = state.apply_fn({"params": p}, x, train=True, rngs={"dropout": rng})
        return jnp.mean((pred - y) ** 2)

    grads = jax.grad(loss_fn)(state.params)
    return jax.lax.pmean(grads, "batch")


batch = (jnp.ones((16, 4)), jnp.ones((16, 1)))
jax.jit(grad_step).trace(state, batch, jax.random.PRNGKey(1)).lower(lowering_platforms=("cuda",))
print("ok")
