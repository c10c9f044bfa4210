from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from models import CNN
from train import train_step

mesh = Mesh(jax.devices(), ('batch',))
model = CNN()
batch = {'image': jnp.ones((16, 8, 8, 3)), 'label': jnp.zeros((16,), jnp.int32)}
variables = model.init(jax.random.key(0), batch['image'][:1], train=False)
params, batch_stats = variables['params'], variables['batch_stats']

# pmap -> jit migration: data sharding now comes from in_shardings
replicated = NamedSharding(mesh, P())
data = NamedSharding(mesh, P('batch'))
p_train_step = jax.jit(
    partial(train_step, model),
    in_shardings=(replicated, replicated, data),
    out_shardings=(replicated, replicated, replicated),
)

print(p_train_step.trace(params, batch_stats, batch).lower(lowering_platforms=('cuda',)).as_text()[:40])
