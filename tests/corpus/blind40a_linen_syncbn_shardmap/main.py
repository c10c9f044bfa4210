from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))


class ResBlock(nn.Module):
    train: bool = True

    @nn.compact
    def __call__(self, x):
        norm = partial(nn.BatchNorm, use_running_average=not self.train, momentum=0.9,
                       epsilon=1e-5, axis_name="batch")
        y = nn.relu(norm()(nn.Conv(16, (3, 3))(x)))
        y = norm()(nn.Conv(16, (3, 3))(y))
        return nn.relu(x + y)


model = ResBlock()
x = jnp.ones((8, 16, 16, 16))
variables = jax.eval_shape(lambda: ResBlock(train=False).init(jax.random.key(0), x))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("batch")), out_specs=(P("batch"), P()))
def forward(variables, x):
    y, updates = model.apply(variables, x, mutable=["batch_stats"])
    return y, updates["batch_stats"]


print(forward.trace(variables, x).lower(lowering_platforms=("cuda",)).as_text()[:60])
