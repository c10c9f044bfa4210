from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx

from model.attention import RingSelfAttention


@dataclass
class Config:
  dcn_mesh: tuple = (1, 1)
  ici_mesh: tuple = (2, 2)
  mesh_axes: tuple = ("data", "seq")
  d_model: int = 64
  num_heads: int = 4
  ring_attention: bool = True


cfg = Config()
mesh = jax.make_mesh(tuple(a * b for a, b in zip(cfg.dcn_mesh, cfg.ici_mesh)), cfg.mesh_axes,
                     axis_types=(jax.sharding.AxisType.Auto,) * 2)
ring = cfg.ici_mesh[cfg.mesh_axes.index("seq")]

model = RingSelfAttention(cfg.d_model, cfg.num_heads, seq_axis="seq", ring_size=ring, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x):
  def loss_fn(model):
    return jnp.mean(model(x) ** 2)
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


x = jnp.ones((4, 32, cfg.d_model))
with jax.set_mesh(mesh):
  lowered = train_step.trace(model, optimizer, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:20])
