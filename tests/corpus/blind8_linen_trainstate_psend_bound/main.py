import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P

from comm import communicate

PLAT = 'cuda'


class Model(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.features)(x)
        if self.is_initializing():  # like nn.BatchNorm: no cross-device op while initialising
            return h
        return communicate(h)


model = Model()


def train_step(state, x, y):
    def loss_fn(params):
        pred = state.apply_fn({'params': params}, x)
        return ((pred - y) ** 2).mean()

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    state = state.apply_gradients(grads=grads)
    return state, loss[None]


def main():
    mesh = jax.make_mesh((4,), ('d',))
    x = jax.device_put(jnp.ones((16, 8), jnp.float32), NamedSharding(mesh, P('d')))
    variables = model.init(jax.random.key(0), jnp.ones((1, 8), jnp.float32))
    state = train_state.TrainState.create(apply_fn=model.apply, params=variables['params'], tx=optax.sgd(0.1))
    y = jax.device_put(jnp.zeros((16, 8), jnp.float32), NamedSharding(mesh, P('d')))
    sharded = jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P('d'), P('d')), out_specs=(P(), P('d')))
    lowered = jax.jit(sharded).trace(state, x, y).lower(lowering_platforms=(PLAT,))


if __name__ == '__main__':
    main()
