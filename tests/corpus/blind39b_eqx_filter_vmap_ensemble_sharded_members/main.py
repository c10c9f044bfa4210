import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))


@eqx.filter_vmap
def make_ensemble(key):
    return eqx.nn.MLP(in_size=8, out_size=1, width_size=32, depth=2, key=key)


ensemble = make_ensemble(jr.split(jr.key(0), 4))
params, static = eqx.partition(ensemble, eqx.is_array)
# place one pair of members per 'model' device: shard the leading (member) axis
params = jax.tree.map(lambda a: jax.device_put(a, P("model")), params)


@jax.jit
def predict(params, x):
    ens = eqx.combine(params, static)
    return eqx.filter_vmap(lambda m: jax.vmap(m)(x))(ens)


x = jax.device_put(jnp.ones((16, 8)), P("data", None))
print(predict.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
