import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ('batch',))


class Classifier(eqx.Module):
  mlp: eqx.nn.MLP
  temperature: float = eqx.field(static=True, default=1.0)

  def __call__(self, x):
    return jax.nn.softmax(self.mlp(x) / self.temperature)


def predict(params, static, x):
  model = eqx.combine(params, static)
  return eqx.filter_vmap(model)(x)


clf = Classifier(eqx.nn.MLP(16, 4, 64, 2, key=jr.PRNGKey(0)))
params, static = eqx.partition(clf, eqx.is_array)

sharded_predict = jax.shard_map(
    lambda p, x: predict(p, static, x),
    mesh=mesh,
    in_specs=(P(), P('batch')),
    out_specs=P(),
)

x = jnp.ones((128, 16))
print(jax.jit(sharded_predict).trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
