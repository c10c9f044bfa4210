import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P


class FSDPDense(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    kernel = self.param('kernel',
                        nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('embed', 'mlp')),
                        (x.shape[-1], self.features))
    if not self.is_initializing():
      kernel = lax.all_gather(kernel, 'fsdp', axis=0, tiled=True)
    return x @ kernel


class Net(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = nn.relu(FSDPDense(1024)(x))
    return FSDPDense(256)(x)


mesh = jax.make_mesh((4,), ('fsdp',), axis_types=(AxisType.Auto,))
net = Net()


abstract = jax.eval_shape(net.init, jax.random.key(0), jnp.zeros((8, 256)))
param_specs = nn.get_partition_spec(abstract)
params = nn.unbox(abstract)


def loss_fn(params, x):
  y = net.apply(params, x)
  return lax.pmean(jnp.mean(y ** 2), 'fsdp')


grad_step = jax.jit(jax.shard_map(jax.value_and_grad(loss_fn), mesh=mesh,
                                  in_specs=(param_specs, P('fsdp')),
                                  out_specs=(P(), param_specs)))
grad_step.trace(params, jax.ShapeDtypeStruct((32, 256), jnp.float32)).lower(
    lowering_platforms=('tpu',))
