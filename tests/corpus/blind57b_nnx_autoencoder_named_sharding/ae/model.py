from flax import nnx

kinit = nnx.initializers.kaiming_normal()


def conv(cin, cout, rngs, strides=1):
  return nnx.Conv(cin, cout, (3, 3), strides=(strides, strides),
                  kernel_init=nnx.with_partitioning(kinit, (None, None, None, 'model')),
                  bias_init=nnx.with_partitioning(nnx.initializers.zeros, ('model',)),
                  rngs=rngs)


class ConvAutoEncoder(nnx.Module):
  def __init__(self, latent=16, *, rngs: nnx.Rngs):
    self.enc1 = conv(3, 32, rngs, strides=2)
    self.enc2 = conv(32, 64, rngs, strides=2)
    self.to_latent = conv(64, latent, rngs)
    self.dec1 = nnx.ConvTranspose(latent, 32, (3, 3), strides=(2, 2), rngs=rngs)
    self.dec2 = nnx.ConvTranspose(32, 3, (3, 3), strides=(2, 2), rngs=rngs)

  def __call__(self, x):
    h = nnx.relu(self.enc1(x))
    h = nnx.relu(self.enc2(h))
    z = self.to_latent(h)
    h = nnx.relu(self.dec1(z))
    return self.dec2(h)
