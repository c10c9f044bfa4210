import functools

import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P

from tp import TPMlp, param_specs

D, H, TP = 1024, 4096, 4
mesh = jax.make_mesh((TP,), ('model',))


class Trainer:
  def __init__(self):
    self.full = TPMlp(D, H)
    self.local = TPMlp(D, H // TP, axis_name='model')
    self.specs = param_specs(P, 'model')
    self.tx = optax.sgd(1e-2)

  def forward(self, params, x):
    f = jax.shard_map(lambda p, x: self.local.apply({'params': p}, x), mesh=mesh,
                      in_specs=(self.specs, P()), out_specs=P())
    return f(params, x)

  def step(self, state, x, y):
    def loss_fn(p):
      return jnp.mean((self.forward(p, x) - y) ** 2)
    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    return state.apply_gradients(grads=grads), loss

  def abstract_state(self):
    def make():
      p = self.full.init(jax.random.key(0), jnp.ones((1, D)))['params']
      return train_state.TrainState.create(apply_fn=None, params=p, tx=self.tx)
    return jax.eval_shape(make)


trainer = Trainer()
state = trainer.abstract_state()
x = jax.ShapeDtypeStruct((32, D), jnp.float32)
jax.jit(trainer.step).trace(state, x, x).lower(lowering_platforms=('cuda',))
