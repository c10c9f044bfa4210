import argparse

import jax
import jax.numpy as jnp
import numpy as np
import optax
import flax.linen as nn
from flax.training import train_state

from train.step import build_step

parser = argparse.ArgumentParser()
parser.add_argument('--debug', action='store_true', default=True)
args = parser.parse_args([])


class Logistic(nn.Module):
  @nn.compact
  def __call__(self, x):
    return nn.Dense(1)(nn.relu(nn.Dense(32)(x)))


model = Logistic()
state = train_state.TrainState.create(
    apply_fn=model.apply, params=model.init(jax.random.PRNGKey(0), jnp.ones((1, 8)))['params'],
    tx=optax.sgd(0.1))
step = build_step(args.debug)
batch = {'x': np.ones((16, 8), np.float32), 'y': np.zeros((16,), np.float32)}
print(jax.jit(step).trace(state, batch).lower(lowering_platforms=('cuda',)).as_text()[:10])
