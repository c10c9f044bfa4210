import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from net.resnet import ResNet
from net.train import build_train_step

config = {
    'stage_sizes': [1, 1],
    'num_classes': 10,
    'batch_axis': 'batch',
    'per_device_batch': 2,
    'lr': 0.1,
}

mesh = Mesh(jax.devices(), (config['batch_axis'],))
model = ResNet(config['stage_sizes'], config['num_classes'], bn_axis=config['batch_axis'],
               rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(config['lr'], momentum=0.9, nesterov=True),
                          wrt=nnx.Param)
train_step = build_train_step()

n = config['per_device_batch'] * mesh.size
data_sharding = NamedSharding(mesh, P(config['batch_axis']))
images = jax.device_put(jnp.zeros((n, 16, 16, 3)), data_sharding)
labels = jax.device_put(jnp.zeros((n,), jnp.int32), data_sharding)
train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=('cuda',))
