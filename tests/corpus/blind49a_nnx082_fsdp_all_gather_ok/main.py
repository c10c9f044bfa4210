import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from layers import Net, FSDP_AXIS

mesh = Mesh(jax.devices(), (FSDP_AXIS,))
net = Net(nnx.Rngs(0))

param_spec = nnx.StateSharding({
    lambda path, v: path[-1] == 'kernel': P(FSDP_AXIS, None),
    ...: P(),
})


@nnx.jit
def loss_fn(net, x, y):
  @nnx.shard_map(mesh=mesh, in_specs=(param_spec, P(FSDP_AXIS), P(FSDP_AXIS)), out_specs=P())
  def sharded_loss(net, x, y):
    logits = net(x)
    loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=1))
    return jax.lax.pmean(loss, FSDP_AXIS)
  return sharded_loss(net, x, y)


x = jnp.ones((32, 64))
y = jnp.zeros((32,), jnp.int32)
print(loss_fn.trace(net, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
