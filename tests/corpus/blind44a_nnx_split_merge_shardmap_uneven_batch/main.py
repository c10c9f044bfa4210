import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P


class Classifier(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    self.embed = nnx.Linear(20, 64, rngs=rngs)
    self.norm = nnx.LayerNorm(64, rngs=rngs)
    self.head = nnx.Linear(64, 5, rngs=rngs)

  def __call__(self, x):
    return self.head(nnx.gelu(self.norm(self.embed(x))))


class ShardedPredictor:
  def __init__(self, model: nnx.Module, mesh: Mesh):
    self.graphdef, self.state = nnx.split(model)
    self.mesh = mesh

  def _forward(self, state, x):
    model = nnx.merge(self.graphdef, state)
    probs = jax.nn.softmax(model(x), axis=-1)
    # per-shard confidence, combined across the data axis
    conf = jax.lax.pmax(jnp.max(probs), 'data')
    return probs, conf

  def predict(self, state, x):
    f = jax.shard_map(self._forward, mesh=self.mesh,
                      in_specs=(P(), P('data')), out_specs=(P('data'), P()))
    return f(state, x)


mesh = Mesh(jax.devices(), ('data',))
predictor = ShardedPredictor(Classifier(nnx.Rngs(0)), mesh)
last_batch = jnp.ones((30, 20))
lowered = jax.jit(predictor.predict).trace(predictor.state, last_batch).lower(
    lowering_platforms=('cuda',))
print(lowered.as_text()[:40])
