import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from model import SyncNormMLP
from syncstats import AXIS

mesh = Mesh(jax.devices()[:4], (AXIS,))
model = SyncNormMLP(jax.random.PRNGKey(0), distributed=True)
params, static = eqx.partition(model, eqx.is_array)


def loss_shard(params, x, y):
    m = eqx.combine(params, static)
    return jax.lax.pmean(jnp.mean((m(x) - y) ** 2), AXIS)


train_loss = jax.jit(
    jax.value_and_grad(
        jax.shard_map(loss_shard, mesh=mesh, in_specs=(P(), P(AXIS), P(AXIS)), out_specs=P(), check_vma=False)
    )
)

# single-device evaluation: same weights, replica sync switched off
eval_model = SyncNormMLP(jax.random.PRNGKey(0), distributed=False)
eval_params, eval_static = eqx.partition(eval_model, eqx.is_array)


def predict(params, x):
    return eqx.combine(params, eval_static)(x)


x = jnp.ones((32, 8))
y = jnp.zeros((32, 2))
print(train_loss.trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
print(jax.jit(predict).trace(eval_params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
