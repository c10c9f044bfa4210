import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh

from model import BagOfEmbeddings
from step import build_train_step


def main():
  mesh = Mesh(np.array(jax.devices()), ("data",))
  model = BagOfEmbeddings(vocab=1000, dim=64, n_classes=4, key=jax.random.PRNGKey(0))
  params, static = eqx.partition(model, eqx.is_inexact_array)
  optimizer = optax.adamw(learning_rate=optax.cosine_decay_schedule(1e-3, 1000))
  opt_state = optimizer.init(params)
  train_step = build_train_step(static, optimizer, mesh)
  tokens = jax.ShapeDtypeStruct((32, 48), jnp.int32)
  mask = jax.ShapeDtypeStruct((32, 48), jnp.float32)
  labels = jax.ShapeDtypeStruct((32,), jnp.int32)
  train_step.trace(params, opt_state, tokens, mask, labels).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
