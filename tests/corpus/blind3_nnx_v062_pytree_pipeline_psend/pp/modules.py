"""Minimal NNX-like modules as registered pytrees (no flax on the cluster image)."""
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Linear:
  kernel: jax.Array
  bias: jax.Array

  @classmethod
  def init(cls, key, din, dout):
    return cls(jax.random.normal(key, (din, dout)) / jnp.sqrt(din), jnp.zeros((dout,)))

  def __call__(self, x):
    return x @ self.kernel + self.bias


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Stage:
  fc1: Linear
  fc2: Linear

  @classmethod
  def init(cls, key, dim):
    k1, k2 = jax.random.split(key)
    return cls(Linear.init(k1, dim, 2 * dim), Linear.init(k2, 2 * dim, dim))

  def __call__(self, x):
    return x + self.fc2(jax.nn.gelu(self.fc1(x)))
