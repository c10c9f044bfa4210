import train

train.main()
