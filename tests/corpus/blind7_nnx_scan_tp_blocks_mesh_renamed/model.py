import jax
import jax.numpy as jnp
import flax.nnx as nnx


class ParallelMLP(nnx.Module):
  """Megatron-style MLP: `up` is column-parallel, `down` is row-parallel over `tp_axis`."""

  def __init__(self, d_model, d_ff, *, tp_axis='model', rngs):
    self.tp_axis = tp_axis
    self.norm = nnx.RMSNorm(d_model, rngs=rngs)
    self.up = nnx.Linear(d_model, d_ff, rngs=rngs)
    self.down = nnx.Linear(d_ff, d_model, use_bias=False, rngs=rngs)

  def __call__(self, x):
    h = nnx.silu(self.up(self.norm(x)))
    return x + jax.lax.psum(self.down(h), self.tp_axis)


class DeepMLP(nnx.Module):
  def __init__(self, d_model, d_ff, num_layers, *, tp_axis='model', rngs):
    self.embed = nnx.Linear(16, d_model, rngs=rngs)

    @nnx.split_rngs(splits=num_layers)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def create_layers(rngs):
      return ParallelMLP(d_model, d_ff, tp_axis=tp_axis, rngs=rngs)

    self.layers = create_layers(rngs)
    self.head = nnx.Linear(d_model, 10, rngs=rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
    def forward(x, layer):
      return layer(x)

    x = self.embed(x)
    x = forward(x, self.layers)
    return self.head(x)
