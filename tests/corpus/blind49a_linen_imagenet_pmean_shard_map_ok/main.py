from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from models import CNN
from train import train_step

mesh = Mesh(jax.devices(), ('batch',))
model = CNN()
batch = {'image': jnp.ones((16, 8, 8, 3)), 'label': jnp.zeros((16,), jnp.int32)}
variables = model.init(jax.random.key(0), batch['image'][:1], train=False)
params, batch_stats = variables['params'], variables['batch_stats']

p_train_step = jax.jit(jax.shard_map(
    partial(train_step, model),
    mesh=mesh,
    in_specs=(P(), P(), P('batch')),
    out_specs=(P(), P('batch'), P()),
    check_vma=False,
))

print(p_train_step.trace(params, batch_stats, batch).lower(lowering_platforms=('cuda',)).as_text()[:40])
