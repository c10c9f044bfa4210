import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

E = 4


class RoutedLayer(nnx.Module):
  def __init__(self, d, rngs):
    self.router = nnx.Linear(d, E, rngs=rngs)
    self.ffn = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, h):
    probs = jax.nn.softmax(self.router(h))
    frac = probs.mean(0)
    aux = E * jnp.sum(frac * frac)
    return h + nnx.relu(self.ffn(h)) * probs.max(-1, keepdims=True), aux


class Model(nnx.Module):
  def __init__(self, d, depth, rngs):
    @nnx.split_rngs(splits=depth)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def make(rngs):
      return RoutedLayer(d, rngs)
    self.layers = make(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
    def body(layer, carry):
      h, aux = carry
      h, a = layer(h)
      return h, aux + a

    return body(self.layers, (x, jnp.zeros(())))


mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P('data')), out_specs=(P('data'), P()))
def forward(model, x):
  h, aux = model(x)
  return h, jax.lax.pmean(aux, 'data')


model = Model(8, 3, nnx.Rngs(0))
forward.trace(model, jnp.ones((16, 8))).lower(lowering_platforms=('cuda',))
print('ok')
